// Only the Radix Themes parts the app uses (the login screen has a CSS budget, see client/report-bundle.ts): base tokens, the colours
// we render, components and utilities; not the full styles.css with all 30 palettes.
import "@fontsource-variable/inter/wght.css";
import "@radix-ui/themes/tokens/base.css";
import "@radix-ui/themes/tokens/colors/gray.css";
import "@radix-ui/themes/tokens/colors/slate.css";
import "@radix-ui/themes/tokens/colors/teal.css";
import "@radix-ui/themes/tokens/colors/red.css";
import "@radix-ui/themes/tokens/colors/green.css";
import "@radix-ui/themes/tokens/colors/amber.css";
import "@radix-ui/themes/components.css";
import "@radix-ui/themes/utilities.css";
import "./app.css";
import "./toasts.css";
