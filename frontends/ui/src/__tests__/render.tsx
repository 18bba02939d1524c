import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { darkTheme } from '../theme';

function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={darkTheme}>
      <IntlProvider locale="en" messages={{}} onError={() => {}}>
        {children}
      </IntlProvider>
    </ThemeProvider>
  );
}

/** Renders (and re-renders) with the theme and an English IntlProvider (code default messages). */
export function renderUi(ui: ReactElement) {
  return render(ui, { wrapper: Providers });
}
