import { Outlet } from 'react-router-dom';
import { Toasts } from '../../components/Toasts';
import { Footer } from './Footer';
import { NAVBAR_HEIGHT_PX, NavBar } from './NavBar';

export function Layout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <NavBar />
      <main className="flex-grow-1" style={{ paddingTop: NAVBAR_HEIGHT_PX }}>
        <Outlet />
      </main>
      <Footer />
      <Toasts />
    </div>
  );
}
