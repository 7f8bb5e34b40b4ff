/** What a public form says after a post (SPEC's success or failure texts), kept on the page. */
export interface FormNotice {
  title: string;
  description: string;
  failed: boolean;
}

/** The notice box of a public form: an alert when the post failed, a status when it went through. */
export function FormNoticeBox({ notice, className = '' }: { notice: FormNotice; className?: string }) {
  return (
    <div
      role={notice.failed ? 'alert' : 'status'}
      className={`${className} rounded-lg p-3 text-sm ${notice.failed ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-900'}`.trim()}
    >
      <p className="font-semibold">{notice.title}</p>
      <p>{notice.description}</p>
    </div>
  );
}
