import type { Media } from './media.entity';
import { mediaUrl, type MediaUse } from './media.service';

/** POST /api/admin/media: what the form needs to fill its field and size a preview. */
export function toUploadResponse(media: Media) {
  return { url: mediaUrl(media), width: media.width, height: media.height };
}

export function toMediaResponse(media: Media, usedBy: MediaUse[]) {
  return {
    id: media.id,
    url: mediaUrl(media),
    mimeType: media.mimeType,
    width: media.width,
    height: media.height,
    size: media.size,
    originalName: media.originalName,
    createdAt: media.createdAt,
    usedBy,
  };
}
