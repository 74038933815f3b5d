/**
 * Dropping files from the desktop: {@link useFileDrag}, the drag handling both upload zones of
 * the Downloads tab share (the version's one file here, a release's files in
 * artifact-upload.tsx), and {@link FileDrop}, the file field of the version upload: the browser's
 * own file input (keyboard and screen reader friendly) inside a zone that also takes a file
 * dragged from the desktop, highlighted while a file is over it, and naming the chosen file with
 * its size.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { UploadCloud } from 'lucide-react';
import { formatFileSize } from '@flockr/contract';
import { cn } from '../../../components/ui/cn';
import { FieldError } from '../../../components/ui/field';

/** Props of {@link FileDrop}. */
export interface FileDropProps {
  label: string;
  /**
   * The field's registration on the form (`form.register('file')`). The form holds the files
   * it is given through `onFiles` (a file input's own value cannot take dropped files
   * everywhere), and focuses the input through the registration.
   */
  registration: UseFormRegisterReturn;
  /** Files chosen or dropped (the form sets its value from them). */
  onFiles: (files: FileList) => void;
  /** The chosen files, to name the file. */
  files: FileList | undefined;
  error?: string;
  className?: string;
}

/** True when the drag carries files (not text or a link). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * A drop zone's state and handlers: `over` while files are dragged over it (text or a link is
 * ignored); `onDrop` gets the dropped files (never an empty list). Spread `handlers` on the zone.
 */
export function useFileDrag(onDrop: (files: FileList) => void) {
  const [over, setOver] = useState(false);
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  return {
    over,
    handlers: {
      onDragEnter: onDragOver,
      onDragOver,
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        setOver(false);
        if (event.dataTransfer.files.length > 0) onDrop(event.dataTransfer.files);
      },
    },
  };
}

/** Classes of a drop zone: dashed, brand-coloured while files are over it. */
export function dropZoneClass(over: boolean, className?: string | false): string {
  return cn(
    'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors',
    over ? 'border-brand-500 bg-brand-50' : 'border-slate-300',
    className,
  );
}

/** A file input that also accepts drag and drop. */
export function FileDrop({ label, registration, onFiles, files, error, className }: FileDropProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { ref: registerRef, name, onBlur } = registration;
  // Registered as a custom field (only focus), so the form's value is what onFiles gives it.
  useEffect(() => {
    registerRef({ focus: () => inputRef.current?.focus() });
  }, [registerRef]);
  const file = files && files.length > 0 ? files[0] : undefined;
  const { over, handlers } = useFileDrag((dropped) => {
    // The input shows the dropped file as if chosen (where the browser allows setting it).
    try {
      if (inputRef.current) inputRef.current.files = dropped;
    } catch {
      // Older browsers: the name below still says which file was taken.
    }
    onFiles(dropped);
  });
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div
        data-testid="file-drop"
        {...handlers}
        className={dropZoneClass(
          over,
          cn('mt-1.5', !over && 'bg-slate-50', error && !over && 'border-red-400'),
        )}
      >
        <UploadCloud aria-hidden="true" className="size-7 text-slate-500" />
        <p id={hintId} className="text-sm text-slate-600">
          {over ? 'Drop the file to choose it' : 'Drag the file here, or choose it:'}
        </p>
        <input
          id={inputId}
          type="file"
          aria-describedby={cn(hintId, error && errorId) || undefined}
          aria-invalid={error ? true : undefined}
          ref={inputRef}
          name={name}
          onBlur={onBlur}
          onChange={(event) => {
            if (event.target.files) onFiles(event.target.files);
          }}
          className="block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-slate-800 file:shadow-sm file:ring-1 file:ring-slate-300"
        />
        {file ? (
          <p className="text-sm font-medium text-slate-900" aria-live="polite">
            {file.name} · {formatFileSize(file.size)}
          </p>
        ) : null}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
