import { useState } from 'react';

/** A preview of an entered image URL; hidden when the image fails to load (SPEC section 2). */
export function ImagePreview({ url, alt, className = 'mt-2 max-h-48 rounded-lg object-cover' }: { url: string; alt: string; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = url.trim();
  if (!src || failedUrl === src) return null;
  return <img src={src} alt={alt} className={className} onError={() => setFailedUrl(src)} />;
}
