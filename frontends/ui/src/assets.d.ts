// Stylesheets are handled by webpack (css-loader + mini-css-extract-plugin).
declare module '*.css';
