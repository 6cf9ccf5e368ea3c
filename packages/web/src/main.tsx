import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setErrorSinks } from './api/report';
import { toast } from './app/feedback';
import { loginRedirect } from './app/guard';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { currentLang, loadLanguage, markDocumentLang } from './i18n/i18n';
import './app/global.css';

// No main-thread task over 100 ms while the console opens (issue 12): the modules' evaluation, the
// router's creation (its first navigation starts the route loaders), and React's first render each run
// in a task of their own, and the first render is a transition, which React renders in slices of a few
// milliseconds and whose effects (the first queries, the realtime channel) run after the commit's task.
let router: ReturnType<typeof createAppRouter>;

setErrorSinks({
  toast,
  toLogin: (target) => void router?.navigate(loginRedirect(target), { replace: true }),
});

const render = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
};
// The texts of the language shown first (a chunk of its own; index.html's splash shows meanwhile).
markDocumentLang(currentLang());
const language = loadLanguage(currentLang());
setTimeout(() => {
  router = createAppRouter();
  language.then(render, render);
});
