import { useId } from 'react';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { QuickUpdates, type QuickUpdateActions } from './QuickUpdates';
import { singleImageUrl } from 'core/images';

export interface DiveSiteCardProps {
  site: DiveSiteResponse;
  actions: QuickUpdateActions;
  featuring: boolean;
  deleting: boolean;
  onToggleFeatured: (site: DiveSiteResponse) => void;
  onEdit: (site: DiveSiteResponse) => void;
  onDelete: (site: DiveSiteResponse) => void;
}

const skillTone = (level: string) => (level === 'Beginner' ? 'green' : level === 'Intermediate' ? 'yellow' : 'red');

/** One site of /admin/dive-sites with its featured star, edit and delete buttons and quick updates. */
export function DiveSiteCard({ site, actions, featuring, deleting, onToggleFeatured, onEdit, onDelete }: DiveSiteCardProps) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {site.name}
            </h2>
            {site.featured && <Badge tone="yellow">Featured</Badge>}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{site.region}</span>
            <Badge tone={skillTone(site.skillLevel)}>{site.skillLevel}</Badge>
            <span>{site.depthRange}</span>
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          <button
            type="button"
            aria-pressed={site.featured}
            aria-label={site.featured ? 'Remove from featured sites' : 'Mark as featured site'}
            title={site.featured ? 'Remove from featured sites' : 'Mark as featured site'}
            disabled={featuring}
            onClick={() => onToggleFeatured(site)}
            className={`inline-flex h-10 w-10 items-center justify-center rounded-lg text-xl hover:bg-slate-100 disabled:opacity-50 ${site.featured ? 'text-amber-500' : 'text-slate-400'}`}
          >
            <span aria-hidden="true">{site.featured ? '★' : '☆'}</span>
          </button>
          <Button variant="outline" small onClick={() => onEdit(site)} aria-label={`Edit \u201c${site.name}\u201d`}>
            Edit
          </Button>
          <Button variant="quiet-destructive" small disabled={deleting} onClick={() => onDelete(site)} aria-label={`Delete \u201c${site.name}\u201d`}>
            Delete
          </Button>
        </div>
      </div>

      <p className="text-sm text-slate-700">{site.description}</p>

      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-800">Water Temp</dt>
          <dd className="text-slate-600">{site.waterTemp}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Visibility</dt>
          <dd className="text-slate-600">{site.visibility || 'Not specified'}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Best Time</dt>
          <dd className="text-slate-600">{site.bestTime || 'Not specified'}</dd>
        </div>
        {site.marineLife && (
          <div className="sm:col-span-3">
            <dt className="font-medium text-slate-800">Marine Life</dt>
            <dd className="text-slate-600">{site.marineLife}</dd>
          </div>
        )}
      </dl>

      {(site.imageUrl || site.videoUrl || site.reviewLink) && (
        <div className="flex flex-wrap items-start gap-4 text-sm">
          {site.imageUrl && (
            <figure className="grid gap-1">
              <img
                src={singleImageUrl(site.imageUrl, 400)}
                alt={`Current photo of ${site.name}`}
                loading="lazy"
                className="h-24 w-40 rounded-lg bg-slate-100 object-cover"
              />
              <figcaption className="max-w-xs break-all text-xs text-slate-500">{site.imageUrl}</figcaption>
            </figure>
          )}
          <div className="grid gap-1">
            {site.videoUrl && <Badge tone="blue">Video available</Badge>}
            {site.reviewLink && <p className="break-all text-xs text-slate-500">Review: {site.reviewLink}</p>}
          </div>
        </div>
      )}

      <QuickUpdates site={site} actions={actions} />
    </article>
  );
}
