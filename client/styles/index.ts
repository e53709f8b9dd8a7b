// Radix Themes' tokens (of the colours we render), base and utilities; each component's CSS
// comes with the screen that imports the component (client/build/radix/plugin.ts).
import "@fontsource-variable/inter/wght.css";
import "virtual:radix-themes/base.css";
import "./app.css";
import "./toasts.css";
