"use strict";
// A first render transforms React Native and the workspace's sources; on a busy two-core machine that has taken well
// over Jest's default 5 s. (`testTimeout` is a global option, which one project of several cannot set.)
jest.setTimeout(30_000);
// For the same reason the queries that wait (`findBy…`, `waitFor`) wait longer than their default second.
require("@testing-library/react-native").configure({ asyncUtilTimeout: 10_000 });
