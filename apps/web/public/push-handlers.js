/*
 * The service worker's reminders (imported by sw.js): a Web Push becomes a notification; its "taken" and "snooze"
 * buttons answer the reminder through the API with the patient's session, without opening the app; a tap on the
 * notification opens the screen it speaks of (`url`: the appointment, today's medicines, the visit...). The words come
 * with the push, from the server. A missed-dose alert to a
 * caregiver that carries the dependent's number (`callPhone`) has a "โทรหา" button that opens the phone's dialler.
 * A held child's notification reaches the parent holding the profile and names the child (`patient`): its answer is
 * sent for the child, and a tap opens the screen for the child (`url` carries `?patient=`).
 */

/** The push's own buttons, and the call button when the alert names a number to call and the push has none for it. */
function actionsOf(notification) {
  const actions = Array.isArray(notification.actions) ? notification.actions : [];
  if (!notification.callPhone || actions.some((action) => action.action === 'call')) return actions;
  return [...actions, { action: 'call', title: 'โทรหา' }];
}

self.addEventListener('push', (event) => {
  const notification = event.data ? event.data.json() : null;
  if (!notification) return;
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      tag: notification.id,
      lang: 'th',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: notification,
      actions: actionsOf(notification),
      requireInteraction: actionsOf(notification).length > 0,
    }),
  );
});

async function answer(notification, action) {
  const forChild = notification.patient ? `?patient=${encodeURIComponent(notification.patient)}` : '';
  const response = await fetch(`/api/notifications/${encodeURIComponent(notification.id)}/${action}${forChild}`, {
    method: 'POST',
    credentials: 'same-origin',
  });
  // Signed out, or answered elsewhere: the centre shows where the reminder stands.
  if (!response.ok && response.status !== 409) await openCentre(notification.url);
}

async function openCentre(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => {
    const shown = new URL(client.url);
    return shown.pathname + shown.search === url;
  });
  if (open) return open.focus();
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification.data;
  event.notification.close();
  let work;
  if (event.action === 'call' && notification.callPhone)
    work = self.clients.openWindow(`tel:${notification.callPhone}`);
  else if (event.action === 'taken' || event.action === 'snooze') work = answer(notification, event.action);
  else work = openCentre(notification.url);
  event.waitUntil(work);
});
