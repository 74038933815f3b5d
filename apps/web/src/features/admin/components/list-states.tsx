/** Error state shared by the admin lists: the error text in the red box and Try Again. */
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** The failed list: `message` in a role="alert" box and a Try Again button calling `onRetry`. */
export function ErrorState({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-4 px-5 py-10 text-center sm:px-6">
      <Alert variant="error" className="w-full max-w-lg text-left">
        {message}
      </Alert>
      <Button variant="outline" onClick={onRetry} loading={retrying}>
        Try Again
      </Button>
    </div>
  );
}
