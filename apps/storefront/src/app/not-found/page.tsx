import { notFound } from 'next/navigation';

/** Spec §2: where a request no route answers is sent for good; it answers 404 with the shop's page. */
export default function NotFoundPage(): never {
  notFound();
}
