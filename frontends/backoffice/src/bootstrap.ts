// Standalone entry (webpack dev server without the shell): mounts the page
// application into #mf-page when the page has one and single-spa is absent.
// Inside the shell this file is never loaded: the shell loads ./app and ./modal.
import { mountStandalone } from '@casino/platform';

void mountStandalone('backoffice', () => import('./app'));
