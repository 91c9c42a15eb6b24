import { OutboxPage } from '@/features/alarms/components/outbox-page';

/** /alarms/outbox: administrators read the e-mails Storey wrote about alarms. */
export function Component() {
  return <OutboxPage />;
}
