/** How a 0-10 score reads in words; the keys are under `severity.` in the feature's texts. */
export function severityWord(severity: number): 'none' | 'mild' | 'moderate' | 'severe' | 'worst' {
  if (severity <= 0) return 'none';
  if (severity <= 3) return 'mild';
  if (severity <= 6) return 'moderate';
  if (severity <= 9) return 'severe';
  return 'worst';
}

/** Green for mild, amber for moderate, red from severe. */
export function severityColour(severity: number): 'success' | 'warning' | 'error' | 'default' {
  if (severity <= 0) return 'default';
  if (severity <= 3) return 'success';
  if (severity <= 6) return 'warning';
  return 'error';
}

/** The clock time now in Thailand, HH:MM, for a new note. */
export function nowInBangkok(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Bangkok',
  }).format(now);
}
