export interface FormPhoto {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart form as a browser's FormData sends it, for inject. */
export async function messageForm(fields: Record<string, string>, photos: FormPhoto[] = []) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const photo of photos)
    data.append('photo', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
