import { createBrowserRouter, Navigate, type RouteObject } from "react-router";

import { lazyPage } from "@/app/preload-error";
import { RootLayout } from "@/app/root-layout";
import { RouteErrorPage } from "@/app/route-error";
import { ProtectedRoute, PublicOnlyRoute } from "@/app/route-guard";
import type { RouteHandle } from "@/app/route-title";

// The signed-in shell (sidebar, menus, dialogs) loads with the first app page, not with /login.
const AppShell = lazyPage(
  () => import("@/app/shell/app-shell"),
  (m) => m.AppShell,
);
const NotFoundPage = lazyPage(
  () => import("@/app/not-found"),
  (m) => m.NotFoundPage,
);
const AuthPage = lazyPage(
  () => import("@/features/auth/components/auth-page"),
  (m) => m.AuthPage,
);
const OAuthCallbackPage = lazyPage(
  () => import("@/features/auth/components/oauth-callback-page"),
  (m) => m.OAuthCallbackPage,
);
const QuickBooksCallbackPage = lazyPage(
  () => import("@/features/integrations/components/quickbooks-callback-page"),
  (m) => m.QuickBooksCallbackPage,
);
const OnboardingPage = lazyPage(
  () => import("@/features/onboarding/components/onboarding-page"),
  (m) => m.OnboardingPage,
);
const DashboardPage = lazyPage(
  () => import("@/features/dashboard/components/dashboard-page"),
  (m) => m.DashboardPage,
);
const CustomersPage = lazyPage(
  () => import("@/features/customers/components/customers-page"),
  (m) => m.CustomersPage,
);
const CustomerDetailsPage = lazyPage(
  () => import("@/features/customers/components/customer-details-page"),
  (m) => m.CustomerDetailsPage,
);
const InvoicesPage = lazyPage(
  () => import("@/features/invoices/components/invoices-page"),
  (m) => m.InvoicesPage,
);
const CommunicationsPage = lazyPage(
  () => import("@/features/communications/components/communications-page"),
  (m) => m.CommunicationsPage,
);
const AgingReportPage = lazyPage(
  () => import("@/features/aging-report/components/aging-report-page"),
  (m) => m.AgingReportPage,
);
const AccountPage = lazyPage(
  () => import("@/features/account/components/account-page"),
  (m) => m.AccountPage,
);
const BillingPage = lazyPage(
  () => import("@/features/billing/components/billing-page"),
  (m) => m.BillingPage,
);
const EmailTemplatesPage = lazyPage(
  () => import("@/features/email-templates/components/email-templates-page"),
  (m) => m.EmailTemplatesPage,
);
// Public: a customer's invoices, from the link in a reminder; its own chunk, no session needed.
const CustomerPage = lazyPage(
  () => import("@/features/customer-page/components/customer-page"),
  (m) => m.CustomerPage,
);
const IntegrationsPage = lazyPage(
  () => import("@/features/integrations/components/integrations-page"),
  (m) => m.IntegrationsPage,
);

const title = (name: string): RouteHandle => ({ title: name });

const appPages: RouteObject[] = [
  { path: "dashboard", element: <DashboardPage />, handle: title("Dashboard") },
  { path: "customers", element: <CustomersPage />, handle: title("Customers") },
  { path: "customers/:customerRef/*", element: <CustomerDetailsPage />, handle: title("Customer Details") },
  { path: "invoices", element: <InvoicesPage />, handle: title("Invoices") },
  { path: "communications", element: <CommunicationsPage />, handle: title("Communications") },
  { path: "aging-report", element: <AgingReportPage />, handle: title("Aging Report") },
  { path: "account", element: <AccountPage />, handle: title("Account") },
  { path: "billing", element: <BillingPage />, handle: title("Billing") },
  { path: "email-templates", element: <EmailTemplatesPage />, handle: title("Email Templates") },
  { path: "integrations", element: <IntegrationsPage />, handle: title("Integrations") },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: "login", element: <AuthPage />, handle: title("Login") },
          { path: "signup", element: <AuthPage forcedMode="signup" />, handle: title("Login") },
          {
            path: "forgot-password",
            element: <AuthPage forcedMode="forgot" />,
            handle: title("Forgot Password"),
          },
        ],
      },
      {
        path: "callback/google",
        element: <OAuthCallbackPage provider="google" />,
        handle: title("Connecting..."),
      },
      {
        path: "callback/intuit",
        element: <OAuthCallbackPage provider="intuit" />,
        handle: title("Connecting..."),
      },
      { path: "callback/quickbooks", element: <QuickBooksCallbackPage />, handle: title("Connecting...") },
      // Outside the guards: whoever holds the link sees the page, signed in or not.
      { path: "pay/:token", element: <CustomerPage />, handle: title("Invoices") },
      {
        element: <ProtectedRoute onboarding="pending" />,
        children: [{ path: "onboarding", element: <OnboardingPage />, handle: title("Onboarding") }],
      },
      {
        element: <ProtectedRoute onboarding="required" />,
        children: [{ element: <AppShell />, children: appPages }],
      },
      { path: "*", element: <NotFoundPage />, handle: title("Page Not Found") },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
