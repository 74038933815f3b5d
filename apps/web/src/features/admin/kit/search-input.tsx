/** A labelled search box that applies its text after a short pause or at once on Enter. */
import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';

/** Pause after the last key press before the search runs, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Controlled by `value` (the applied search, e.g. from the URL); the typed text is local until
 * applied with `onSearch`. When `value` changes from elsewhere (back button) the box follows.
 */
export function SearchInput({
  label,
  value,
  onSearch,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // Follow outside changes of `value`, but not the echo of our own last search.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }

  useEffect(() => {
    if (text === applied) return;
    const timer = setTimeout(() => {
      setApplied(text);
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, onSearch]);

  return (
    <form
      role="search"
      aria-label={label}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        setApplied(text);
        onSearch(text);
      }}
    >
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
      </div>
    </form>
  );
}
