/**
 * A card of an admin tab that is a section of its own (requirements §2 "/admin"): the section is
 * named by the card's heading (h3, under the tab's h2), so a screen reader lists it by name.
 */
import { useId, type ReactNode } from 'react';
import { Card, CardHeader } from '../../../components/ui/card';

/** The card titled `title` over `description`, with `action` at the header's right. */
export function SectionCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId}>
        <CardHeader
          id={headingId}
          headingLevel={3}
          title={title}
          description={description}
          action={action}
        />
        {children}
      </section>
    </Card>
  );
}
