/** Chromium's offer to install the app, held until the patient asks for it (it arrives once, early). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Called at start: the browser's offer is kept for the My Health card instead of its own bar. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

export const installPrompt = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Whether the browser offers to install the app now. */
  offered: (): boolean => offer !== null,
  /** Shows the browser's install dialog; true when the patient installed. The offer is used up either way. */
  async install(): Promise<boolean> {
    const current = offer;
    if (!current) return false;
    offer = null;
    changed();
    await current.prompt();
    return (await current.userChoice).outcome === 'accepted';
  },
};
