import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { ImageUpload } from '../media/ImageUrlField';
import { Button } from '../ui/Button';
import { mediaUrlWarning } from '../urls';
import { bindText } from '../ui/field-binding';

export interface QuickUpdateActions {
  updateReviewLink: (site: DiveSiteResponse, reviewLink: string) => Promise<unknown>;
  updatePhoto: (site: DiveSiteResponse, imageUrl: string) => Promise<unknown>;
  updateVideo: (site: DiveSiteResponse, videoUrl: string, videoThumbnail: string | null) => Promise<unknown>;
}

const input =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-cyan-600 focus:outline-none focus:ring-2 focus:ring-cyan-600/30';

/**
 * The inline quick updates of a dive-site card: review link, photo URL, and video URL with an optional
 * thumbnail. Each is sent only when its URL is non-empty (SPEC section 5); the input clears on success.
 */
export function QuickUpdates({ site, actions }: { site: DiveSiteResponse; actions: QuickUpdateActions }) {
  const [reviewLink, setReviewLink] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const [videoThumbnail, setVideoThumbnail] = useState('');
  const [pending, setPending] = useState<'review' | 'photo' | 'video' | null>(null);

  async function run(kind: 'review' | 'photo' | 'video', write: () => Promise<unknown>, clear: () => void) {
    setPending(kind);
    try {
      await write();
      clear();
    } catch {
      // The failure toast is shown by the mutation; the entered URL stays for another try.
    } finally {
      setPending(null);
    }
  }

  const photoWarning = mediaUrlWarning('Image URL', imageUrl);
  const videoWarning = mediaUrlWarning('Video URL', videoUrl) ?? mediaUrlWarning('Video Thumbnail URL', videoThumbnail);

  return (
    <div className="grid gap-3 border-t border-slate-100 pt-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Quick updates</p>
      <QuickRow
        label="Review Link"
        busy={pending === 'review'}
        disabled={!reviewLink.trim()}
        onSubmit={() =>
          run(
            'review',
            () => actions.updateReviewLink(site, reviewLink.trim()),
            () => setReviewLink(''),
          )
        }
        renderInput={(id) => (
          <input id={id} {...bindText(reviewLink, setReviewLink)} placeholder={site.reviewLink ?? '/blog/site-review or https://...'} className={input} />
        )}
      />
      <QuickRow
        label="Photo URL"
        busy={pending === 'photo'}
        disabled={!imageUrl.trim() || !!photoWarning}
        warning={photoWarning}
        onSubmit={() =>
          run(
            'photo',
            () => actions.updatePhoto(site, imageUrl.trim()),
            () => setImageUrl(''),
          )
        }
        renderInput={(id) => (
          <ImageUpload label="Photo URL" onUploaded={setImageUrl}>
            <input id={id} type="text" inputMode="url" {...bindText(imageUrl, setImageUrl)} placeholder="https://example.com/photo.jpg" className={input} />
          </ImageUpload>
        )}
      />
      <QuickRow
        label="Video URL"
        busy={pending === 'video'}
        disabled={!videoUrl.trim() || !!videoWarning}
        warning={videoWarning}
        onSubmit={() =>
          run(
            'video',
            () => actions.updateVideo(site, videoUrl.trim(), videoThumbnail.trim() || null),
            () => {
              setVideoUrl('');
              setVideoThumbnail('');
            },
          )
        }
        renderInput={(id) => (
          <div className="grid gap-2 sm:grid-cols-2">
            <input
              id={id}
              type="text"
              inputMode="url"
              {...bindText(videoUrl, setVideoUrl)}
              placeholder="https://www.youtube.com/watch?v=..."
              className={input}
            />
            <ImageUpload label="Video Thumbnail URL" onUploaded={setVideoThumbnail}>
              <input
                type="text"
                inputMode="url"
                aria-label="Video Thumbnail URL (optional)"
                {...bindText(videoThumbnail, setVideoThumbnail)}
                placeholder="Thumbnail URL (optional)"
                className={input}
              />
            </ImageUpload>
          </div>
        )}
      />
    </div>
  );
}

interface QuickRowProps {
  label: string;
  busy: boolean;
  disabled: boolean;
  warning?: string | null;
  onSubmit: () => void;
  renderInput: (id: string) => ReactNode;
}

function QuickRow({ label, busy, disabled, warning, onSubmit, renderInput }: QuickRowProps) {
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!disabled && !busy) onSubmit();
  }
  return (
    <form onSubmit={submit} className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">{renderInput(id)}</div>
        <Button type="submit" variant="outline" disabled={disabled || busy} aria-label={`Update ${label}`}>
          {busy ? 'Updating...' : 'Update'}
        </Button>
      </div>
      {warning && (
        <p role="alert" className="text-sm text-amber-700">
          {warning}
        </p>
      )}
    </form>
  );
}
