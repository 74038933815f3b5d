/**
 * A load that failed (requirements §8: the server's text, else the default): the message in the
 * red box and a Try Again button. Used wherever a query's error replaces its content: lists,
 * cards, the plans and the changelog.
 */
import { Alert } from './alert';
import { Button, type ButtonSize } from './button';
import { cn } from './cn';

/**
 * `message` in a role="alert" box above Try Again, which calls `onRetry` and spins while
 * `retrying`. `className` lays the two out (the default stacks them, left-aligned); the box is at most 32 rem
 * wide, its text left-aligned.
 */
export function LoadFailed({
  message,
  onRetry,
  retrying = false,
  size = 'md',
  className,
}: {
  message: string | undefined;
  onRetry: () => void;
  retrying?: boolean;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <div className={cn('grid justify-items-start gap-3', className)}>
      <Alert variant="error" className="w-full max-w-lg">
        {message}
      </Alert>
      <Button variant="outline" size={size} loading={retrying} onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
