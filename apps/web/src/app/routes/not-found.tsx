import { PageNotFound } from '../../components/page-not-found';

/** Any address the site does not have. */
export function NotFoundRoute() {
  return <PageNotFound />;
}
