export {};
//# sourceMappingURL=core.js.map