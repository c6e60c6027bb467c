/**
 * This browser's Web Push subscription, made with the server's VAPID public key. Push needs a service worker and the
 * patient's permission; on iPhone and iPad it needs the app added to the home screen (iOS 16.4 and later).
 */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The patient said no to notifications (or the browser did for them). */
export class PushRefused extends Error {}

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** Asks for permission when needed and subscribes (or finds the subscription already made). */
export async function subscribeToPush(publicKey: string): Promise<PushSubscriptionJSON> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused('notifications not allowed');
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return subscription.toJSON();
}

/** The subscription this browser already has, when the patient allowed notifications before; else null. */
export async function existingPushSubscription(): Promise<PushSubscriptionJSON | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? subscription.toJSON() : null;
}
