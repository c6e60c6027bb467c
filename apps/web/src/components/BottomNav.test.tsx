import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { renderWithProviders } from '../test/render';
import { BottomNav } from './BottomNav';

describe('the bottom navigation', () => {
  it.each([
    ['/', 'ค้นหา'],
    ['/map?hospital=h1', 'ค้นหา'],
    ['/todo', 'สิ่งที่ต้องทำ'],
    ['/myHealth', 'สุขภาพของฉัน'],
    ['/medicalRight', 'สุขภาพของฉัน'],
  ])('at %s marks "%s" as the current page, and only it', (route, current) => {
    renderWithProviders(<BottomNav />, { route });
    const nav = screen.getByRole('navigation', { name: 'เมนูหลัก' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual(['ค้นหา', 'สิ่งที่ต้องทำ', 'สุขภาพของฉัน']);
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual([current]);
  });

  it('marks no tab on a page outside them', () => {
    renderWithProviders(<BottomNav />, { route: '/terms' });
    expect(screen.getByRole('navigation', { name: 'เมนูหลัก' }).querySelector('[aria-current]')).toBeNull();
  });
});
