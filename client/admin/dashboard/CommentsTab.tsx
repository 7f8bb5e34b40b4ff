import { buttonClass } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';

/** SPEC section 2: the comments tab is a card leading to /admin/comments; dive-site ratings are moderated beside them at /admin/ratings. */
export function CommentsTab() {
  return (
    <Card>
      <CardHeader title="Comment Management" description="Review and delete comments readers have posted on articles." />
      <CardContent>
        <p className="text-sm text-slate-600">
          Comments are visible as soon as they are posted. Use the comment manager to filter them and remove anything inappropriate.
        </p>
        <p className="mt-4 flex flex-wrap gap-3">
          <a href="/admin/comments" className={buttonClass('primary')}>
            Manage Comments
          </a>
          <a href="/admin/ratings" className={buttonClass('outline')}>
            Manage Ratings
          </a>
        </p>
      </CardContent>
    </Card>
  );
}
