import Link from '@mui/material/Link';
import { EmptyState } from '@/components/query-states';
import { groupList } from '../utils/access-words';

/** Whom to ask: a link when the configured contact is an e-mail address or a web address. */
export function Contact({ contact }: { contact: string }) {
  if (/^[^\s@]+@[^\s@]+$/.test(contact)) return <Link href={`mailto:${contact}`}>{contact}</Link>;
  if (/^https?:\/\//.test(contact)) return <Link href={contact}>{contact}</Link>;
  return <>{contact}</>;
}

/**
 * A person whose groups are given nothing: not an error and not an empty portfolio, but what
 * happened and whom to ask.
 */
export function NothingShared({
  groups,
  contact,
}: {
  groups: readonly string[];
  contact: string | null;
}) {
  return (
    <EmptyState title="Nothing is shared with you yet">
      {groups.length === 0
        ? 'Your sign-in carried no groups, and Storey shows each person what their groups are given. '
        : `Storey shows each person what their groups are given, and your groups (${groupList(groups)}) are given no organisation, site or building. `}
      {contact ? (
        <>
          Ask <Contact contact={contact} /> to share the buildings you look after.
        </>
      ) : (
        'Ask whoever manages access to Storey to share the buildings you look after.'
      )}
    </EmptyState>
  );
}
