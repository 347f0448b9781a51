"""The TV club league (TV-7): its service over the league's log (``service``), its chat
command (``chat``) and its command line (``cli``)."""
