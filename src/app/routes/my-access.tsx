import { MyAccessPage } from '@/features/access/components/my-access-page';

/** /access/me: what the signed-in person can see, and why. */
export function Component() {
  return <MyAccessPage />;
}
