import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setErrorSinks } from './api/report';
import { toast } from './app/feedback';
import { loginRedirect } from './app/guard';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { currentLang, loadLanguage } from './i18n/i18n';
import './app/global.css';

const router = createAppRouter();

setErrorSinks({
  toast,
  toLogin: (target) => void router.navigate(loginRedirect(target), { replace: true }),
});

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
// The texts of the language shown first (a chunk of its own; index.html's splash shows meanwhile).
loadLanguage(currentLang()).then(render, render);
