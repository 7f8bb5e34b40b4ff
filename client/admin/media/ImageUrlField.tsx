import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ComponentProps, type DragEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { keys } from '../query-keys';
import { isUnauthorized } from '../session';
import { ImagePreview } from '../content/ImagePreview';
import { TextField } from '../ui/Field';
import { mediaUrlWarning } from '../urls';
import { uploadImage } from './upload-image';

export interface ImageUrlFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'> {
  label: string;
  value: string;
  /** The forms' setters take an event-like value: a typed URL and an uploaded one arrive the same way. */
  onChange: (event: { target: { value: string } }) => void;
  required?: boolean;
  hint?: ReactNode;
  /** The alt text of a preview of the image under the field; no preview without it. */
  preview?: string;
}

const UPLOAD_HINT = 'Paste a URL, or upload a JPEG, PNG, WebP, AVIF or GIF (up to 15 MB): drop it here or use Upload.';

/**
 * An image URL field with an 'Upload' button and drag-and-drop: the file goes to POST /api/admin/media and
 * the field takes the site-relative URL it answers. A text field (inputMode url), since a browser's url
 * field refuses '/media/uploads/...'; the server still checks every URL, and the field warns beforehand.
 */
export function ImageUrlField({ label, value, onChange, required, hint, preview, ...input }: ImageUrlFieldProps) {
  const field = (
    <ImageUpload label={label} onUploaded={(url) => onChange({ target: { value: url } })}>
      <TextField
        {...input}
        label={label}
        required={required}
        type="text"
        inputMode="url"
        value={value}
        onChange={onChange}
        hint={hint ?? UPLOAD_HINT}
        warning={mediaUrlWarning(label, value)}
      />
    </ImageUpload>
  );
  if (preview === undefined) return field;
  return (
    <div>
      {field}
      <ImagePreview url={value} alt={preview} />
    </div>
  );
}

/** A video URL field: a text field (inputMode url, as an image's) that warns of a URL the server would refuse. */
export function VideoUrlField({ label, value, ...input }: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'warning'> & { value: string }) {
  return <TextField {...input} label={label} type="text" inputMode="url" value={value} warning={mediaUrlWarning(label, value)} />;
}

/**
 * Drag-and-drop onto `children` (the field) and an 'Upload' button below it: an uploaded image's
 * site-relative URL is handed to `onUploaded`. Used by every image field, including the quick updates.
 */
export function ImageUpload({ label, onUploaded, children }: { label: string; onUploaded: (url: string) => void; children: ReactNode }) {
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: uploadImage,
    onSuccess: (image) => {
      onUploaded(image.url);
      void queryClient.invalidateQueries({ queryKey: keys.media });
      toast({ title: 'Image uploaded', description: `${image.width} x ${image.height} pixels` });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      const message = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: 'Upload Failed', description: message ?? 'Failed to upload the image. Please try again.', variant: 'destructive' });
    },
  });
  const send = (files: FileList | null) => {
    const file = files?.[0];
    if (file) upload.mutate(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-lg ${dragging ? 'outline-dashed outline-2 outline-offset-4 outline-cyan-600' : ''}`}
    >
      {children}
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          onClick={() => picker.current?.click()}
          disabled={upload.isPending}
          className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          {upload.isPending ? 'Uploading...' : 'Upload'}
          {/* Spoken, not an aria-label: the field's own label must stay the only one naming "{label}". */}
          <span className="sr-only"> an image for {label}</span>
        </button>
        <input
          ref={picker}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            send(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
    </div>
  );
}
