/**
 * A versioned row's actions in the admin (program versions, changelog entries): Restore when
 * archived; otherwise Edit, the row's own actions (`children`), and Archive. Nothing is ever
 * deleted (README "The admin's guardrails").
 */
import type { ReactNode } from 'react';
import { Archive, ArchiveRestore, Pencil } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The actions cell of the row for `version`; `busy` disables every button while it saves. */
export function ArchiveActions({
  version,
  archived,
  busy,
  onEdit,
  onArchive,
  onRestore,
  children,
}: {
  version: string;
  archived: boolean;
  busy: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      {archived ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Restore version ${version}`}
          icon={<ArchiveRestore aria-hidden="true" className="size-4" />}
          disabled={busy}
          onClick={onRestore}
        >
          Restore
        </Button>
      ) : (
        <>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Edit version ${version}`}
            icon={<Pencil aria-hidden="true" className="size-4" />}
            disabled={busy}
            onClick={onEdit}
          >
            Edit
          </Button>
          {children}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Archive version ${version}`}
            icon={<Archive aria-hidden="true" className="size-4" />}
            disabled={busy}
            onClick={onArchive}
          >
            Archive
          </Button>
        </>
      )}
    </div>
  );
}
