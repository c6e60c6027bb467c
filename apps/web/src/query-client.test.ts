import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client';
import { createQueryClient } from './query-client';

afterEach(() => vi.useRealTimers());

/** A read that fails with `errors` in turn, then answers. */
function readFailing(...errors: Error[]) {
  const read = vi.fn(async () => {
    const error = errors.shift();
    if (error) throw error;
    return 'answer';
  });
  return read;
}

/** A screen's read, as useQuery makes it with the app's defaults: settles with its data or its last error. */
function screenRead(key: string, read: () => Promise<string>): Promise<string> {
  const observer = new QueryObserver(createQueryClient(), { queryKey: [key], queryFn: read });
  return new Promise((resolve, reject) => {
    const stop = observer.subscribe((result) => {
      if (result.status === 'pending') return;
      stop();
      if (result.status === 'success') resolve(result.data);
      else reject(result.error);
    });
  });
}

describe('reads asked again', () => {
  it('after the wait the server gave, when it was busy (429 or 503)', async () => {
    vi.useFakeTimers();
    const read = readFailing(
      new ApiError(429, 'rate_limited', 'มีคำขอถี่เกินไป', {}, 7),
      new ApiError(503, 'service_unavailable', 'ระบบมีผู้ใช้มาก', {}, 5),
    );
    const answer = screenRead('busy', read);
    await vi.advanceTimersByTimeAsync(6_900);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(answer).resolves.toBe('answer');
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('never when the answer would be the same: a refusal or a page that is not there', async () => {
    for (const error of [
      new ApiError(404, 'not_found', 'ไม่พบ'),
      new ApiError(403, 'care_forbidden', 'ไม่มีสิทธิ์'),
      new ApiError(400, 'validation_failed', 'ข้อมูลไม่ถูกต้อง'),
    ]) {
      const read = readFailing(error);
      await expect(screenRead(error.code, read)).rejects.toBe(error);
      expect(read, error.code).toHaveBeenCalledTimes(1);
    }
  });

  it('at most three times, when the connection failed', async () => {
    vi.useFakeTimers();
    const offline = () => new ApiError(0, 'network_error', 'เชื่อมต่อไม่ได้');
    const read = readFailing(offline(), offline(), offline(), offline());
    const answer = screenRead('offline', read);
    const settled = expect(answer).rejects.toMatchObject({ code: 'network_error' });
    await vi.advanceTimersByTimeAsync(60_000);
    await settled;
    expect(read).toHaveBeenCalledTimes(4);
  });
});
