/** Opens the phone's maps app (or the maps website) with directions to a place; the patient's position is not sent. */
export const directionsUrl = ({ lat, lng }: { lat: number; lng: number }) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
