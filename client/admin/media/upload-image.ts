import { ApiError } from '../../lib/api';

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/** POST /api/admin/media with the file in the multipart field `file`: the site-relative URL it is served at. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/api/admin/media', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as UploadedImage;
}
