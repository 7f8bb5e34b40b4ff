import { buttonClass } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';

/** SPEC section 2: the comments tab is a card leading to /admin/comments. */
export function CommentsTab() {
  return (
    <Card>
      <CardHeader title="Comment Management" description="Review and delete comments readers have posted on articles." />
      <CardContent>
        <p className="text-sm text-slate-600">Comments are visible as soon as they are posted. Use the comment manager to filter them and remove anything inappropriate.</p>
        <a href="/admin/comments" className={`mt-4 ${buttonClass('primary')}`}>
          Manage Comments
        </a>
      </CardContent>
    </Card>
  );
}
