"""The screens every game shares: Home, History and Settings."""
