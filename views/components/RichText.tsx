/** A body already rendered and sanitised by src/rich-text/render-body (never raw user input). */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`prose-body ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
