// Run only by browsers without ES modules (nomodule): they cannot run Barbu, say so.
document.getElementById('unsupported').hidden = false;
