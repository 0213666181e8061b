import { Outlet, type RouteObject } from "react-router";
import { RouteErrorScreen } from "@/components/route-error-screen";
import { paths } from "@/config/paths";
import { lazyPage, lazyPublicPage } from "@/lib/lazy-route";
import {
  appIndexRedirect,
  messageIndexRedirect,
  RedirectIfAuthenticated,
  RequireAdmin,
  RequireAppAccess,
  RequireAuth,
  RequireNoticeFeature,
  RequireNotSubAccount,
  RequireOrdinaryAccount,
  RootRedirect,
} from "./guards";
import { noticesPrefetched } from "./notice-prefetch";
import { BootFallback, RootLayout } from "./root-layout";
import { introRoutes } from "./routes/intro/routes";

const appRoutes: RouteObject = {
  path: paths.apps.app.path,
  element: <RequireAppAccess />,
  children: [
    {
      // Every page of the app sits in its layout, which shows the onboarding checklist above the page.
      lazy: lazyPage(() => import("./routes/dashboard/app-layout")),
      children: [
        // `element: null`: a leaf route with neither element nor lazy makes the router warn in the console.
        { index: true, loader: appIndexRedirect, element: null },
        { path: paths.apps.report.path, lazy: lazyPage(() => import("./routes/dashboard/app-report")) },
        {
          path: paths.apps.pushNotification.path,
          lazy: lazyPage(() => import("./routes/dashboard/app-push-notification")),
        },
        { path: paths.apps.translation.path, lazy: lazyPage(() => import("./routes/dashboard/app-translation")) },
        { path: paths.apps.webhooks.path, lazy: lazyPage(() => import("./routes/dashboard/app-webhooks")) },
        { path: paths.apps.user.path, lazy: lazyPage(() => import("./routes/dashboard/app-users")) },
        { path: paths.apps.channels.path, lazy: lazyPage(() => import("./routes/dashboard/app-channels")) },
        { path: paths.apps.channel.path, lazy: lazyPage(() => import("./routes/dashboard/channel-chat")) },
        { path: paths.apps.calls.path, lazy: lazyPage(() => import("./routes/dashboard/app-calls")) },
        {
          path: paths.apps.messageSearch.path,
          lazy: lazyPage(() => import("./routes/dashboard/app-message-search")),
        },
        { path: paths.apps.liveTail.path, lazy: lazyPage(() => import("./routes/dashboard/app-live-tail")) },
        { path: paths.apps.reports.path, lazy: lazyPage(() => import("./routes/dashboard/app-reports")) },
        { path: paths.apps.audit.path, lazy: lazyPage(() => import("./routes/dashboard/app-audit")) },
        { path: paths.apps.exports.path, lazy: lazyPage(() => import("./routes/dashboard/app-exports")) },
        { path: paths.apps.imports.path, lazy: lazyPage(() => import("./routes/dashboard/app-imports")) },
        {
          path: paths.apps.profanityFilter.path,
          lazy: lazyPage(() => import("./routes/dashboard/app-profanity-filter")),
        },
        {
          path: paths.apps.moderationRules.path,
          lazy: lazyPage(() => import("./routes/dashboard/app-moderation-rules")),
        },
        { path: paths.apps.roles.path, lazy: lazyPage(() => import("./routes/dashboard/app-roles")) },
        { path: paths.apps.settings.path, lazy: lazyPage(() => import("./routes/dashboard/app-settings")) },
        {
          path: paths.apps.message.root.path,
          element: <RequireNoticeFeature />,
          children: [
            { index: true, loader: messageIndexRedirect, element: null },
            {
              path: paths.apps.message.brandList.path,
              lazy: lazyPage(() => import("./routes/dashboard/message-brand-list")),
            },
            {
              path: paths.apps.message.brandRegister.path,
              lazy: lazyPage(() => import("./routes/dashboard/message-brand-register")),
            },
            {
              path: paths.apps.message.brandEdit.path,
              lazy: lazyPage(() => import("./routes/dashboard/message-brand-edit")),
            },
            {
              path: paths.apps.message.campaignList.path,
              lazy: lazyPage(() => import("./routes/dashboard/message-campaign-list")),
            },
            {
              path: paths.apps.message.campaignRegister.path,
              lazy: lazyPage(() => import("./routes/dashboard/message-campaign-register")),
            },
            {
              path: paths.apps.message.campaignResend.path,
              lazy: lazyPage(() => import("./routes/dashboard/message-campaign-resend")),
            },
            {
              path: paths.apps.message.campaignDetail.path,
              lazy: lazyPage(() => import("./routes/dashboard/message-campaign-detail")),
            },
            {
              path: paths.apps.message.campaignDraft.path,
              lazy: lazyPage(() => import("./routes/dashboard/message-campaign-draft")),
            },
            {
              path: paths.apps.message.campaignReport.path,
              lazy: lazyPage(() => import("./routes/dashboard/message-campaign-report")),
            },
          ],
        },
      ],
    },
  ],
};

const dashboardRoutes: RouteObject = {
  element: <RequireAuth />,
  children: [
    {
      // The shell is lazy too: a visitor who never logs in never downloads it. It waits a moment for the owner's
      // notices (see notice-prefetch.ts), so their bars are there when it first shows instead of pushing it down.
      lazy: lazyPage(() =>
        Promise.all([import("./routes/dashboard/shell-layout"), noticesPrefetched()]).then(([module]) => module),
      ),
      children: [
        {
          // Errors of a page stay inside the shell, so the navigation remains usable.
          errorElement: <RouteErrorScreen />,
          element: <Outlet />,
          children: [
            {
              element: <RequireOrdinaryAccount />,
              children: [
                { path: paths.dashboard.path, lazy: lazyPage(() => import("./routes/dashboard/overview")) },
                { path: paths.settings.path, lazy: lazyPage(() => import("./routes/dashboard/account-settings")) },
                { path: paths.bills.path, lazy: lazyPage(() => import("./routes/dashboard/bills")) },
              ],
            },
            {
              element: <RequireAdmin />,
              children: [
                {
                  path: paths.admin.companyList.path,
                  lazy: lazyPage(() => import("./routes/dashboard/admin-company-list")),
                },
                {
                  path: paths.admin.companyDetail.path,
                  lazy: lazyPage(() => import("./routes/dashboard/admin-company-detail")),
                },
              ],
            },
            {
              element: <RequireNotSubAccount />,
              children: [{ path: paths.apps.list.path, lazy: lazyPage(() => import("./routes/dashboard/apps")) }],
            },
            appRoutes,
          ],
        },
      ],
    },
  ],
};

const authRoutes: RouteObject = {
  lazy: lazyPage(() => import("./routes/auth/layout")),
  children: [
    {
      element: <RedirectIfAuthenticated />,
      children: [{ path: paths.auth.login.path, lazy: lazyPage(() => import("./routes/auth/login")) }],
    },
    { path: paths.auth.signup.path, lazy: lazyPage(() => import("./routes/auth/signup")) },
    // Not behind RedirectIfAuthenticated: a link replaces whatever session this browser holds.
    { path: paths.auth.signInLink.path, lazy: lazyPage(() => import("./routes/auth/sign-in-link")) },
    {
      element: <RequireAuth />,
      children: [{ path: paths.auth.firstPassword.path, lazy: lazyPage(() => import("./routes/auth/first-password")) }],
    },
    { path: paths.auth.marketplaceSignup.path, lazy: lazyPage(() => import("./routes/auth/marketplace-signup")) },
    { path: paths.auth.forgot.path, lazy: lazyPage(() => import("./routes/auth/forgot")) },
    {
      path: paths.auth.passwordResetConfirm.path,
      lazy: lazyPage(() => import("./routes/auth/password-reset-confirm")),
    },
    {
      path: paths.auth.emailVerificationSend.path,
      lazy: lazyPage(() => import("./routes/auth/email-verification-send")),
    },
    {
      path: paths.auth.emailVerificationConfirm.path,
      lazy: lazyPage(() => import("./routes/auth/email-verification-confirm")),
    },
    { path: paths.billingPayletter.path, lazy: lazyPage(() => import("./routes/auth/billing-payletter")) },
  ],
};

/** The server status page, for visitors and customers alike, in the public site's frame. */
const serviceStatusRoute: RouteObject = {
  lazy: lazyPublicPage(() => import("./routes/intro/layout")),
  children: [{ path: paths.serviceStatus.path, lazy: lazyPublicPage(() => import("./routes/service-status")) }],
};

const statusRoutes: RouteObject[] = [
  { path: paths.blank.path, lazy: lazyPage(() => import("./routes/status/blank")) },
  { path: paths.notFound.path, lazy: lazyPage(() => import("./routes/status/not-found")) },
  { path: paths.notAllowed.path, lazy: lazyPage(() => import("./routes/status/not-allowed")) },
  { path: paths.error.path, lazy: lazyPage(() => import("./routes/status/error")) },
  { path: paths.fail.path, lazy: lazyPage(() => import("./routes/status/fail")) },
  { path: "*", lazy: lazyPage(() => import("./routes/status/not-found")) },
];

/** Every route of spec section 2. */
export const routes: RouteObject[] = [
  {
    id: "root",
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <BootFallback />,
    children: [
      { index: true, element: <RootRedirect /> },
      introRoutes,
      serviceStatusRoute,
      authRoutes,
      dashboardRoutes,
      ...statusRoutes,
    ],
  },
];
