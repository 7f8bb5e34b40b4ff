import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getJson } from '../../lib/api';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Loaded } from '../ui/Loaded';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { BASE, IssueEditor, issuesKey, type Issue } from './IssueEditor';

const TONES = { draft: 'slate', scheduled: 'blue', sending: 'yellow', sent: 'green' } as const;

/** Newsletter issues (issue 29), beside the subscriber list: the issues, and the one being written or watched. */
export function IssuesPanel() {
  const issues = useQuery({ queryKey: issuesKey, queryFn: () => getJson<Issue[]>(BASE) });
  const [open, setOpen] = useState<number | 'new' | null>(null);
  return (
    <div className="mb-6 grid grid-cols-1 gap-6">
      {open !== null && <IssueEditor key={open} id={open === 'new' ? null : open} onClose={() => setOpen(null)} onCreated={setOpen} />}
      <Card>
        <CardHeader
          title="Newsletter Issues"
          description="Write an issue with the latest posts, preview it, send a test, then schedule or send it to every subscriber."
          actions={<Button onClick={() => setOpen('new')}>New Issue</Button>}
        />
        <CardContent>
          <Loaded state={issues} what="issues">
            {(list) =>
              list.length === 0 ? (
                <p className="text-sm text-slate-500">No issue yet.</p>
              ) : (
                <ul className="divide-y divide-slate-100" aria-label="Newsletter issues">
                  {list.map((issue) => (
                    <li key={issue.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                      <div>
                        <p className="font-medium text-slate-900">{issue.subject}</p>
                        <Badge tone={TONES[issue.status]}>{issue.status}</Badge>
                      </div>
                      <Button variant="outline" small onClick={() => setOpen(issue.id)}>
                        {issue.status === 'draft' || issue.status === 'scheduled' ? 'Edit' : 'Report'} {issue.subject}
                      </Button>
                    </li>
                  ))}
                </ul>
              )
            }
          </Loaded>
        </CardContent>
      </Card>
    </div>
  );
}
