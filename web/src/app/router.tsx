import { BrowserRouter, Route, Routes } from "react-router";

/** Every page of the app. Pages live in routes/, one thin file each. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<div>LiveQueue</div>} />
      </Routes>
    </BrowserRouter>
  );
}
