import { describe, expect, it } from 'vitest';
import { isScreensAddress, screenAskedBy, screenAt, screensFor } from './staff-screens';

describe('the staff screens a member has', () => {
  it('offers each role the screens STAFF_ACCESS allows it, in tab order', () => {
    expect(screensFor(['front_desk'])).toEqual(['day', 'inbox', 'schedule']);
    expect(screensFor(['clinician'])).toEqual(['day', 'inbox', 'refills']);
    expect(screensFor(['pharmacist'])).toEqual(['refills']);
    expect(screensFor(['admin'])).toEqual(['schedule', 'members', 'settings', 'systems', 'audit']);
    expect(screensFor(['clinician', 'admin'])).toEqual([
      'day',
      'inbox',
      'refills',
      'schedule',
      'members',
      'settings',
      'systems',
      'audit',
    ]);
  });

  it('reads the screen from its address, and an old link’s from ?screen=', () => {
    expect(screenAt('/staff/audit')).toBe('audit');
    expect(screenAt('/staff/Schedule/')).toBe('schedule');
    expect(screenAt('/staff')).toBeNull();
    expect(screenAt('/staff/sign-in')).toBeNull();
    expect(screenAt('/staff/audit/more')).toBeNull();
    expect(isScreensAddress('/staff/')).toBe(true);
    expect(isScreensAddress('/staff/enrol')).toBe(false);
    expect(screenAskedBy(new URLSearchParams('screen=members&facility=x'))).toBe('members');
    expect(screenAskedBy(new URLSearchParams('screen=toString'))).toBeNull();
  });
});
