import { useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../ui/Button';
import { FieldErrorMessage } from '../ui/Field';
import { useFieldError } from '../ui/field-errors';
import { developmentUrlWarning, isDevelopmentUrl } from '../urls';
import { CONTENT_TEMPLATES, DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, imageMarkdown, insertBlock } from './templates';
import { bindText } from '../ui/field-binding';

const input = 'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';

/**
 * The Content field with its helpers: templates (gear review, pros and cons) and image insertion at the
 * cursor with a width of 300, 600, 800 or 1200 pixels.
 */
export function ContentEditor({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder?: string }) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [imageUrl, setImageUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [width, setWidth] = useState<number>(DEFAULT_IMAGE_WIDTH);
  const error = useFieldError('content');

  function insert(text: string) {
    const at = textarea.current?.selectionStart ?? value.length;
    const next = insertBlock(value, text, at);
    onChange(next.content);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.cursor, next.cursor);
    });
  }

  function insertImage() {
    const url = imageUrl.trim();
    if (!url) {
      toast({ title: 'Missing Information', description: 'Please enter an image URL to insert.', variant: 'destructive' });
      return;
    }
    if (isDevelopmentUrl(url)) {
      toast({ title: 'Invalid Image URL', description: developmentUrlWarning('This image URL'), variant: 'destructive' });
      return;
    }
    insert(imageMarkdown(url, alt, width));
    setImageUrl('');
    setAlt('');
  }

  const imageWarning = imageUrl.trim() && isDevelopmentUrl(imageUrl.trim()) ? developmentUrlWarning('This image URL') : null;

  return (
    <div>
      <div className="flex gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={id}>Content</label>
        <span aria-hidden="true" className="text-red-600">
          *
        </span>
      </div>
      <div className="mt-1 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <div role="group" aria-label="Templates" className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">Templates</span>
          {CONTENT_TEMPLATES.map((template) => (
            <Button key={template.name} variant="outline" small onClick={() => insert(template.text)}>
              {template.name}
            </Button>
          ))}
        </div>
        <div role="group" aria-label="Insert image" className="mt-3 grid gap-2 sm:grid-cols-[2fr_1fr_auto_auto] sm:items-end">
          <label className="text-xs font-medium text-slate-700">
            Image to insert (URL)
            <input type="text" inputMode="url" {...bindText(imageUrl, setImageUrl)} placeholder="https://example.com/photo.jpg" className={`mt-1 ${input}`} />
          </label>
          <label className="text-xs font-medium text-slate-700">
            Alt text
            <input {...bindText(alt, setAlt)} placeholder="Describe the image" className={`mt-1 ${input}`} />
          </label>
          <label className="text-xs font-medium text-slate-700">
            Image width
            <select value={width} onChange={(event) => setWidth(Number(event.target.value))} className={`mt-1 ${input}`}>
              {IMAGE_WIDTHS.map((option) => (
                <option key={option} value={option}>
                  {option}px{option === DEFAULT_IMAGE_WIDTH ? ' (default)' : ''}
                </option>
              ))}
            </select>
          </label>
          <Button variant="outline" onClick={insertImage}>
            Insert Image
          </Button>
        </div>
        {imageWarning && (
          <p role="alert" className="mt-2 text-sm text-amber-700">
            {imageWarning}
          </p>
        )}
      </div>
      <textarea
        id={id}
        name="content"
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        ref={textarea}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={16}
        placeholder={
          placeholder ??
          'Write your content here. Markdown: ## headings, **bold**, [links](https://...), - lists, > quotes, ![images](https://...), [video](https://...)'
        }
        className="mt-2 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
      />
      {error && <FieldErrorMessage id={`${id}-error`}>{error}</FieldErrorMessage>}
    </div>
  );
}
