import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchField, useSearchText } from '../ui/SearchField';
import { apiRequest, getPage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ImagePreview } from '../content/ImagePreview';
import { reportFailure, reportMissing, reportSuccess } from '../feedback';
import { keys } from '../query-keys';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { SelectField } from '../ui/Field';
import { ImageUrlField } from '../media/ImageUrlField';
import { mediaUrlWarning } from '../urls';
import { singleImageUrl } from 'core/images';
import { bindText } from '../ui/field-binding';

/** Sites offered in each group of the dropdown; a search finds the others (the list is paged on the server: issue 31). */
const GROUP_SIZE = 100;

/** Dive-site photos: pick a site (those without a photo first), enter a URL, update (SPEC section 2, photos tab). */
export function PhotosTab() {
  const queryClient = useQueryClient();
  const { text: searchText, setText: setSearchText, search } = useSearchText();
  // Each group a page by name, counted on the server (the counters), optionally narrowed by a search.
  const group = (photo: 'with' | 'without') => `/api/dive-sites?photo=${photo}&limit=${GROUP_SIZE}${search ? `&q=${encodeURIComponent(search)}` : ''}`;
  const sites = useQuery({
    queryKey: [...keys.diveSites, 'photos', search],
    queryFn: async ({ signal }) => {
      const [without, withPhoto] = await Promise.all([getPage<DiveSiteResponse>(group('without'), signal), getPage<DiveSiteResponse>(group('with'), signal)]);
      return { without, withPhoto };
    },
    placeholderData: (previous) => previous,
  });
  const [siteId, setSiteId] = useState('');
  const [picked, setPicked] = useState<DiveSiteResponse | null>(null);
  const [imageUrl, setImageUrl] = useState('');
  const without = sites.data?.without.items ?? [];
  const withPhoto = sites.data?.withPhoto.items ?? [];
  // The site chosen stays chosen while a search changes the options (it is kept, and refreshed when listed).
  const selected = [...without, ...withPhoto].find((site) => String(site.id) === siteId) ?? (picked && String(picked.id) === siteId ? picked : null);
  const missingCount = search ? null : (sites.data?.without.total ?? 0);
  const warning = mediaUrlWarning('Image URL', imageUrl);

  const update = useMutation({
    mutationFn: ({ id, url }: { id: number; url: string }) => apiRequest<DiveSiteResponse>('PATCH', `/api/dive-sites/${id}/photo`, { imageUrl: url }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.diveSites });
      setImageUrl('');
      reportSuccess('Success', 'Photo updated successfully');
    },
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to update photo. Please try again.'),
  });

  function submit() {
    const url = imageUrl.trim();
    if (!selected || !url) return reportMissing('Please select a dive site and enter an image URL.');
    if (warning) return toast({ title: 'Invalid URL', description: warning, variant: 'destructive' });
    update.mutate({ id: selected.id, url });
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Counter label="Sites Missing Photos" value={sites.data?.without.total ?? 0} tone="text-amber-600" />
        <Counter label="Sites With Photos" value={sites.data?.withPhoto.total ?? 0} tone="text-emerald-600" />
      </div>
      <Card>
        <CardHeader
          title="Dive Site Photo Management"
          description={
            sites.isPending
              ? 'Loading dive sites...'
              : missingCount === null
                ? 'Dive sites matching the search.'
                : `${missingCount} dive site${missingCount === 1 ? '' : 's'} need${missingCount === 1 ? 's' : ''} photos.`
          }
        />
        <CardContent>
          {sites.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Failed to fetch dive sites
            </p>
          ) : (
            <form
              noValidate
              className="grid gap-5 lg:grid-cols-2"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <div className="grid content-start gap-4">
                <SearchField label="Find a dive site" placeholder="Name, region or description" value={searchText} onChange={setSearchText} />
                <SelectField
                  label="Dive Site"
                  value={siteId}
                  onChange={(event) => {
                    setSiteId(event.target.value);
                    setPicked([...without, ...withPhoto].find((site) => String(site.id) === event.target.value) ?? null);
                  }}
                >
                  {selected && !without.includes(selected) && !withPhoto.includes(selected) && (
                    <option value={selected.id}>
                      {selected.name} - {selected.region}
                    </option>
                  )}
                  <option value="">Select a dive site</option>
                  <optgroup label="Sites without photos">
                    {without.map((site) => (
                      <option key={site.id} value={site.id}>
                        {site.name} - {site.region}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label="Sites with photos">
                    {withPhoto.map((site) => (
                      <option key={site.id} value={site.id}>
                        ✓ {site.name} - {site.region}
                      </option>
                    ))}
                  </optgroup>
                </SelectField>
                <ImageUrlField label="Image URL" {...bindText(imageUrl, setImageUrl)} placeholder="https://example.com/dive-site.jpg" />
                <div>
                  <Button type="submit" disabled={!selected || !imageUrl.trim() || update.isPending}>
                    {update.isPending ? 'Updating...' : 'Update Photo'}
                  </Button>
                </div>
              </div>
              {selected && (
                <div className="grid content-start gap-4" aria-label="Selected site">
                  <div>
                    <p className="font-semibold text-slate-900">{selected.name}</p>
                    <p className="text-sm text-slate-600">
                      Region: {selected.region} · Skill Level: {selected.skillLevel}
                    </p>
                  </div>
                  <div>
                    <p className="text-sm font-medium text-slate-800">Current Photo</p>
                    {selected.imageUrl ? (
                      <img
                        src={singleImageUrl(selected.imageUrl, 400)}
                        alt={`Current photo of ${selected.name}`}
                        className="mt-2 max-h-48 rounded-lg object-cover"
                      />
                    ) : (
                      <p className="mt-1 text-sm text-slate-500">No photo yet.</p>
                    )}
                  </div>
                  {imageUrl.trim() && (
                    <div>
                      <p className="text-sm font-medium text-slate-800">New Photo Preview</p>
                      <ImagePreview url={imageUrl} alt={`New photo of ${selected.name}`} />
                    </div>
                  )}
                </div>
              )}
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Counter({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={`mt-1 text-3xl font-bold ${tone}`}>{value}</p>
    </div>
  );
}
