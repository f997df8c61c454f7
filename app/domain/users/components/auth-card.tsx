// The /auth card: Sign In and Sign Up tabs over one action.
import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import { Logo } from "~/ui/logo";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

type Intent = "sign-in" | "sign-up";

export function AuthCard(props: {
  redirectTo: string;
  emailVerificationRequired: boolean;
  /** The form that posted last (an action's `intent`). */
  lastIntent?: string;
  lastResult?: SubmissionResult<string[]>;
  /** A sign-up waits for the confirmation link mailed to it (email verification on). */
  checkEmail?: boolean;
}) {
  const [tab, setTab] = useState<Intent>(props.lastIntent === "sign-up" ? "sign-up" : "sign-in");
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <Logo className="mx-auto size-10" />
        <CardTitle asChild className="text-2xl">
          <h1>Playfolio</h1>
        </CardTitle>
        <CardDescription>Sign in to manage your playable ads</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => setTab(value as Intent)}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="sign-in">Sign In</TabsTrigger>
            <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="sign-in" className="pt-4">
            <SignInForm
              redirectTo={props.redirectTo}
              lastResult={props.lastIntent === "sign-in" ? props.lastResult : undefined}
            />
          </TabsContent>
          <TabsContent value="sign-up" className="pt-4">
            {props.checkEmail ? (
              <p role="status" className="mb-4 rounded-md border bg-muted p-3 text-sm">
                We sent you a confirmation link. Please check your inbox.
              </p>
            ) : null}
            <SignUpForm
              redirectTo={props.redirectTo}
              lastResult={props.lastIntent === "sign-up" ? props.lastResult : undefined}
            />
          </TabsContent>
        </Tabs>
      </CardContent>
      <CardFooter>
        <p className="text-center text-xs text-muted-foreground">
          {props.emailVerificationRequired
            ? "Testing? New accounts must confirm their email first. To turn email confirmation off, set REQUIRE_EMAIL_VERIFICATION=false in the server's environment and restart it."
            : "Testing? Email confirmation is off (REQUIRE_EMAIL_VERIFICATION=false), so a new account is signed in at once. Set it to true to require a confirmation link."}
        </p>
      </CardFooter>
    </Card>
  );
}
