import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { MainLayout } from './components/main-layout.tsx';
import { NotFound } from './routes/not-found.tsx';

/**
 * The route table of spec §2. Every page is its own lazily loaded module, so the first visit
 * loads only the shell and the page it opens (docs/decisions/005-router-and-route-data.md).
 */
const page = (
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> => lazy(load);

const Home = page(() => import('./routes/home.tsx'));
const AboutUs = page(() => import('./routes/about-us.tsx'));
const ContactUs = page(() => import('./routes/contact-us.tsx'));
const Terms = page(() => import('./routes/terms.tsx'));
const Login = page(() => import('./routes/login.tsx'));
const Signup = page(() => import('./routes/signup.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<Home />} />
        <Route path="about-us" element={<AboutUs />} />
        <Route path="contact-us" element={<ContactUs />} />
        <Route path="terms" element={<Terms />} />
        <Route path="login" element={<Login />} />
        <Route path="signup" element={<Signup />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
