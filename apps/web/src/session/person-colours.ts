/**
 * One colour per dependent, so a caregiver never confuses two people: a band and the initial's circle on every
 * screen of theirs. White text reads at 4.5:1 or more on each (purple 8.6, teal 6.9, pink 6.6, rust 5.6, indigo
 * 10.4, green 5.1); the signed-in patient keeps the app's own blue.
 */
const DEPENDENT_COLOURS = ['#7B1FA2', '#00695C', '#AD1457', '#BF360C', '#4527A0', '#2E7D32'] as const;

/** The colour of the dependent at `index` in the list of active grants (oldest first). */
export function dependentColour(index: number): string {
  return DEPENDENT_COLOURS[index % DEPENDENT_COLOURS.length];
}
