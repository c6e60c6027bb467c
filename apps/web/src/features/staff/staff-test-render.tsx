import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../test/render';
import { StaffApp } from './StaffApp';

/** The staff screens at `route` (e.g. '/staff/sign-in'), mounted under /staff as the app's route table does. */
export const renderStaff = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/staff/*" element={<StaffApp />} />
    </Routes>,
    { route },
  );
