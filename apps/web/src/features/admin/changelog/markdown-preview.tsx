/**
 * Live preview of changelog markdown, rendered exactly as the public changelog renders it
 * (components/ui/markdown.tsx: without raw HTML, so HTML in the text shows as text and no markup
 * or script can be injected).
 */
import { useId } from 'react';
import { Markdown } from '../../../components/ui/markdown';

/** The preview box titled "Preview"; a placeholder line while `markdown` is empty. */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h4 id={headingId} className="mb-1.5 text-sm font-medium text-slate-800">
        Preview
      </h4>
      <div className="min-h-64 overflow-x-auto rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-3">
        {markdown.trim() ? (
          <div className="prose-changelog break-words" data-testid="markdown-preview">
            <Markdown>{markdown}</Markdown>
          </div>
        ) : (
          <p className="text-sm text-slate-500">The formatted changes appear here as you type.</p>
        )}
      </div>
    </section>
  );
}
