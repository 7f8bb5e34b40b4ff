import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { CONTENT_KIND_LABELS, CONTENT_KINDS, type ImportSummary } from 'core/api/content-transfer';
import { ApiError, apiRequest } from '../../lib/api';
import { reportSuccess } from '../feedback';
import { isUnauthorized } from '../session';
import { Button } from '../ui/Button';

export const IMPORT_PREVIEW_URL = '/api/admin/import/preview';
export const IMPORT_URL = '/api/admin/import';

/** The server's refusal: its message, and every record it named (src/content-transfer/content-file.ts). */
function problemsOf(error: unknown): { message: string; details: string[] } {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { error?: string; fields?: Record<string, string[]> };
      const details = Object.entries(body.fields ?? {}).flatMap(([where, messages]) => messages.map((message) => `${where}: ${message}`));
      return { message: body.error ?? error.message, details: details.length > 1 ? details : [] };
    } catch {
      return { message: error.message, details: [] };
    }
  }
  return { message: error instanceof Error ? error.message : String(error), details: [] };
}

const SHOWN_NAMES = 20;

function Names({ label, names }: { label: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <details className="mt-1 text-sm text-slate-700">
      <summary className="cursor-pointer">
        {label} ({names.length})
      </summary>
      <ul className="ml-5 list-disc">
        {names.slice(0, SHOWN_NAMES).map((name) => (
          <li key={name}>{name}</li>
        ))}
        {names.length > SHOWN_NAMES && <li>and {names.length - SHOWN_NAMES} more</li>}
      </ul>
    </details>
  );
}

function Preview({ summary }: { summary: ImportSummary }) {
  return (
    <div className="mt-4">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-medium text-slate-900">What the import will do</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col">Content</th>
            <th scope="col">Added</th>
            <th scope="col">Updated</th>
            <th scope="col">Skipped</th>
          </tr>
        </thead>
        <tbody>
          {CONTENT_KINDS.map((kind) => {
            const plan = summary.kinds[kind];
            return (
              <tr key={kind} className="border-t border-slate-100 align-top">
                <th scope="row" className="py-1 font-medium">
                  {CONTENT_KIND_LABELS[kind]}
                  <Names label="To add" names={plan.added} />
                  <Names label="To update" names={plan.updated} />
                </th>
                <td>{plan.added.length}</td>
                <td>{plan.updated.length}</td>
                <td>{plan.skipped}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {summary.missingMedia.length > 0 && (
        <p className="mt-3 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">
          {summary.missingMedia.length} uploaded image(s) the content refers to are neither in the file nor on this site: they will show no image.
        </p>
      )}
    </div>
  );
}

/**
 * 'Import': a content file is checked whole by the server and previewed (what is added, updated and
 * skipped per kind) before 'Apply import' writes it in one transaction. Nothing is ever deleted.
 */
export function ContentImport() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; content: unknown } | null>(null);
  const [problem, setProblem] = useState<{ message: string; details: string[] } | null>(null);
  const [applied, setApplied] = useState<ImportSummary | null>(null);

  const preview = useMutation({
    mutationFn: (content: unknown) => apiRequest<ImportSummary>('POST', IMPORT_PREVIEW_URL, content),
    onError: (error) => !isUnauthorized(error) && setProblem(problemsOf(error)),
  });

  const apply = useMutation({
    mutationFn: (content: unknown) => apiRequest<ImportSummary>('POST', IMPORT_URL, content),
    onSuccess: (summary) => {
      // Every list on the dashboard may show what the file changed.
      void queryClient.invalidateQueries();
      setFile(null);
      preview.reset();
      setApplied(summary);
      const added = CONTENT_KINDS.reduce((sum, kind) => sum + summary.kinds[kind].added.length, 0);
      const updated = CONTENT_KINDS.reduce((sum, kind) => sum + summary.kinds[kind].updated.length, 0);
      reportSuccess('Import Complete', `${added} added, ${updated} updated.`);
    },
    onError: (error) => !isUnauthorized(error) && setProblem(problemsOf(error)),
  });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setProblem(null);
    setApplied(null);
    preview.reset();
    setFile(null);
    if (!chosen) return;
    let content: unknown;
    try {
      content = JSON.parse(await chosen.text());
    } catch {
      setProblem({ message: `${chosen.name} is not a JSON file. Choose a file made by 'Export all content'.`, details: [] });
      return;
    }
    setFile({ name: chosen.name, content });
    preview.mutate(content);
  }

  function cancel() {
    setFile(null);
    preview.reset();
    setProblem(null);
  }

  return (
    <div className="rounded-lg border border-slate-200 p-5">
      <h3 className="font-semibold text-slate-900">Import Content</h3>
      <p className="mt-1 text-sm text-slate-600">
        Restore or copy a site from a file made by 'Export all content'. Records are matched by slug, name or email: new ones are added, changed ones updated,
        the rest skipped. Nothing is deleted, and nothing is written until you apply the import.
      </p>
      <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-slate-800">
        Content file
      </label>
      <input id={inputId} type="file" accept=".json,application/json" className="mt-1 block w-full min-w-0 text-sm" onChange={(event) => void choose(event)} />
      {preview.isPending && <p className="mt-3 text-sm text-slate-600">Checking the file...</p>}
      {problem && (
        <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">Import refused: nothing was written.</p>
          <p className="mt-1">{problem.message}</p>
          {problem.details.length > 0 && (
            <ul className="ml-5 mt-1 list-disc">
              {problem.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {file && preview.data && (
        <>
          <Preview summary={preview.data} />
          <div className="mt-4 flex gap-2">
            <Button onClick={() => apply.mutate(file.content)} disabled={apply.isPending}>
              {apply.isPending ? 'Importing...' : 'Apply import'}
            </Button>
            <Button variant="outline" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </>
      )}
      {applied && <p className="mt-3 text-sm text-emerald-800">The import was applied. Every page shows the imported content now.</p>}
    </div>
  );
}
