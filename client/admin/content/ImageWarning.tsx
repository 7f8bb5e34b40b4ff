import { developmentImagesIn } from '../urls';

/** SPEC section 2: the yellow 'Image Warning' box when the content holds images on local development URLs. */
export function ImageWarning({ content }: { content: string }) {
  const images = developmentImagesIn(content);
  if (images.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900">
      <p className="font-semibold">Image Warning</p>
      <p className="mt-1">
        Your content contains {images.length === 1 ? 'an image' : `${images.length} images`} with local development URLs. They will not work in published
        articles; use public URLs instead.
      </p>
      <ul className="mt-2 list-disc pl-5 font-mono text-xs">
        {images.map((url, index) => (
          <li key={`${url}-${index}`} className="break-all">
            {url}
          </li>
        ))}
      </ul>
    </div>
  );
}
