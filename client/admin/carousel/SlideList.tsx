import type { AdminSlide } from 'core/api/carousel';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { singleImageUrl } from 'core/images';

/** 'Existing Slides (n)': poster or video, title, CTA badge, description, video URL and link (SPEC section 2). */
export function SlideList({
  slides,
  onEdit,
  onDelete,
  busyId,
}: {
  slides: AdminSlide[];
  onEdit: (slide: AdminSlide) => void;
  onDelete: (slide: AdminSlide) => void;
  busyId: number | null;
}) {
  return (
    <Card>
      <CardHeader title={`Existing Slides (${slides.length})`} />
      <CardContent>
        {slides.length === 0 ? (
          <p className="text-sm text-slate-500">No carousel slides found. Create one above to get started.</p>
        ) : (
          <ul className="grid gap-4" aria-label="Existing slides">
            {slides.map((slide) => (
              <li key={slide.id} className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:flex-row">
                <div className="aspect-video w-full shrink-0 overflow-hidden rounded-lg bg-slate-900 sm:w-48">
                  {slide.posterImageUrl ? (
                    <img src={singleImageUrl(slide.posterImageUrl, 400)} alt="" className="h-full w-full object-cover" loading="lazy" />
                  ) : (
                    <video src={slide.videoUrl} muted preload="metadata" className="h-full w-full object-cover" />
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900">{slide.title}</h3>
                    {slide.ctaText && <Badge tone="cyan">{slide.ctaText}</Badge>}
                    {!slide.published && <Badge tone="yellow">Draft</Badge>}
                  </div>
                  {slide.description && <p className="mt-1 text-sm text-slate-600">{slide.description}</p>}
                  <p className="mt-2 break-all text-xs text-slate-500">Video: {slide.videoUrl}</p>
                  {slide.ctaUrl && <p className="break-all text-xs text-slate-500">Link: {slide.ctaUrl}</p>}
                </div>
                <div className="flex gap-2 sm:flex-col">
                  <Button variant="outline" small onClick={() => onEdit(slide)} aria-label={`Edit \u201c${slide.title}\u201d`}>
                    Edit
                  </Button>
                  <Button
                    variant="quiet-destructive"
                    small
                    disabled={busyId === slide.id}
                    onClick={() => onDelete(slide)}
                    aria-label={`Delete \u201c${slide.title}\u201d`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
